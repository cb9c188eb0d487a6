/**
 * Texts of the Settings page's gateway and WhatsApp credentials (issue 28 item 4, decision 0130):
 * staff only, English.
 */
export const credentials = {
  gatewaysTitle: 'Payment gateways',
  gatewaysIntro:
    'Your parish’s own Razorpay or Worldline account. Secrets are stored encrypted and never shown again: a saved secret shows only when it was set. Leave a secret empty to keep it.',
  whatsappTitle: 'WhatsApp Business number',
  whatsappIntro:
    'Your parish’s WhatsApp Cloud API number (from Meta’s WhatsApp Manager). The access token and app secret are stored encrypted and never shown again.',
  homeFallback:
    'Fields left empty use the server’s own settings (the RAZORPAY_, WORLDLINE_ and WHATSAPP_ variables), as before.',
  razorpay: 'Razorpay',
  worldline: 'Worldline',
  save: 'Save credentials',
  saved: 'Credentials saved.',
  notSet: 'Not set',
  setOn: 'Set on {{date}}',
  keepHint: 'Saved on {{date}}. Type a new value to replace it, or leave empty to keep it.',
  reenter: 'Enter again: the backup was restored on a server with another SETTINGS_KEY.',
  remove: 'Remove {{field}}',
  removed: '{{field}} removed.',
  fields: {
    razorpayKeyId: 'Razorpay key id',
    razorpayKeySecret: 'Razorpay key secret',
    razorpayWebhookSecret: 'Razorpay webhook secret',
    razorpayAccountId: 'Razorpay account id (optional)',
    worldlineMerchantId: 'Worldline merchant code',
    worldlineSalt: 'Worldline salt',
    worldlineSchemeCode: 'Worldline scheme code',
    whatsappPhoneNumberId: 'Phone number id',
    whatsappBusinessAccountId: 'WhatsApp business account id',
    whatsappAccessToken: 'Access token',
    whatsappAppSecret: 'App secret',
    whatsappVerifyToken: 'Webhook verify token',
  },
  hints: {
    razorpayKeyId: 'Starts with rzp_live_ (or rzp_test_ for the test account).',
    razorpayWebhookSecret: 'The secret you typed when adding the webhook in Razorpay; the key secret when empty.',
    razorpayAccountId: 'acc_… from Razorpay’s account settings: lets Razorpay’s messages find your parish.',
    worldlineMerchantId: 'The merchant code Worldline issued (T… for a test merchant).',
    whatsappPhoneNumberId: 'The number’s id in WhatsApp Manager (digits), not the phone number itself.',
  },
} as const;
