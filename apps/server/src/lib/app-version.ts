/**
 * The version of this release, as the health check (`GET /api/health`), the API docs and every
 * backup file (its `appVersion`) report it.
 */
export const APP_VERSION = '0.1.0';
