/** A random id for a message being sent: a retried send is stored once. */
export const newClientId = (): string => crypto.randomUUID().replaceAll('-', '');
