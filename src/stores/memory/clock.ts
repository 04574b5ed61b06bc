/**
 * The clock a memory nonce store expires entries by: the wall clock, made safe against steps.
 *
 * - It never goes back: a reading lower than the highest one taken is not used to expire
 *   anything (entries stay until the clock passes them again).
 * - A reading more than {@link CLOCK_STEP_SECONDS} ahead is not taken at once: the clock may be
 *   stepped back again, and the nonces of the last window must still be there when it is. Such a
 *   reading is taken once the readings have kept running ahead for another
 *   {@link CLOCK_STEP_SECONDS} by their own account (a clock that was wrong and was corrected
 *   forward, or a verifier that was idle for a while); until then entries expire by the last
 *   reading taken, which only holds them longer.
 *
 * @module
 * @internal
 */

/** How far ahead of the expiry clock a reading is taken at once, in seconds. @internal */
export const CLOCK_STEP_SECONDS = 300;

/** The expiry clock of one store. @internal */
export class ExpiryClock {
  /** Seconds: the clock entries expire by. Never decreases. */
  #at = -Infinity;
  /** The first reading of the current run of readings too far ahead to be taken. */
  #ahead: number | undefined;

  /** Takes a wall-clock reading, in seconds; returns the expiry clock. */
  read(reading: number): number {
    if (this.#at === -Infinity || reading <= this.#at + CLOCK_STEP_SECONDS) {
      // In step, or back in time (then nothing moves): a run ahead, if any, is over.
      if (reading > this.#at) this.#at = reading;
      this.#ahead = undefined;
    } else if (this.#ahead === undefined || reading < this.#ahead) {
      this.#ahead = reading;
    } else if (reading - this.#ahead >= CLOCK_STEP_SECONDS) {
      this.#at = reading;
      this.#ahead = undefined;
    }
    return this.#at;
  }
}
