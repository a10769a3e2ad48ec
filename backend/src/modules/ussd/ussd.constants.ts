/** Path of the Africa's Talking USSD callback (docs/PROVIDERS.md "Africa's Talking USSD"); AT adds `?key=`. */
export const USSD_CALLBACK_PATH = '/api/ussd/africastalking';
