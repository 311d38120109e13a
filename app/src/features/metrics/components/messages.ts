/** The /metrics confirmations. */
export const METRIC_ADDED = 'Metric added';
export const METRIC_UPDATED = 'Metric updated';
export const recordedMessage = (name: string, month: string) => `${name}: ${month} saved`;
export const sharedMessage = (email: string) => `Metrics sent to ${email}`;
