import fs from 'node:fs';

export type Sms = { to: string; text: string };

/** A text-message provider; a real gateway (Aliyun SMS, Twilio…) implements the same interface. */
export interface SmsProvider {
  send(sms: Sms): Promise<void>;
}

/**
 * The development provider: writes each text to the log, and to an outbox file when one is configured,
 * so a developer or a browser test can read the code that was "sent".
 */
export class LogSmsProvider implements SmsProvider {
  readonly sent: Sms[] = [];

  constructor(
    private readonly log: (sms: Sms) => void,
    private readonly outboxFile?: string,
  ) {}

  async send(sms: Sms): Promise<void> {
    this.sent.push(sms);
    if (this.sent.length > 200) this.sent.shift();
    this.log(sms);
    if (this.outboxFile) await fs.promises.appendFile(this.outboxFile, `${JSON.stringify(sms)}\n`);
  }
}
