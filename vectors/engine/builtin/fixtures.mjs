// Values the built-in checks share.
export const CONTROL_KEY = 'B17F59B4-A7DC-41B4-8FF9-37D986B43D20';
export const URL_BASE = 'https://sandbox.example.com/paynet/api/v2/payout/1234';
export const NOW = 1_700_000_000;
