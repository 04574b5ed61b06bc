/**
 * The two media types of the API, in one place: what `signRequest` sends, what `verifyRequest`
 * reads, and what Accept negotiation answers with.
 *
 * @module
 */

/** The media type the service requires in `Accept` (and answers with). */
export const ACCEPT = 'application/vnd.pay+json';
/** The request body's media type. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';
