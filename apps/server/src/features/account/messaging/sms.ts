import fs from 'node:fs';

/**
 * What a text says, as a template a gateway has approved beforehand (gateways in China send no free
 * text): a verification code, or a notice about an order with its title and order number.
 */
export type SmsTemplate =
  | { name: 'code'; params: { code: string } }
  | { name: 'notice'; params: { title: string; order: string } };

/** A text to a mobile number (E.164): its words for the log and a stand-in, and its template for a gateway. */
export type Sms = { to: string; text: string; template: SmsTemplate };

/** A text-message provider: Aliyun SMS (`aliyun-sms.ts`), or the logging stand-in below. */
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
