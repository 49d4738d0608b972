import nodemailer, { type Transporter } from 'nodemailer';
import type { SMTPServer } from 'smtp-server';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

/** Sends mail through SMTP. Production points SMTP_URL at a real relay. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, textEncoding: 'quoted-printable', ...mail });
  }

  close(): void {
    this.transport.close();
  }
}

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A local SMTP server that accepts every message: the mailbox of development and tests. It speaks real
 * SMTP, so what reaches it is exactly what a relay would receive. Its package is loaded when it starts, so a
 * server sending through a relay never loads it.
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server?: SMTPServer;
  port = 0;

  constructor(private readonly onMail: (mail: ReceivedMail) => void = () => {}) {}

  async start(port = 0): Promise<number> {
    const { SMTPServer } = await import('smtp-server');
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          this.received.push(mail);
          if (this.received.length > 200) this.received.shift();
          this.onMail(mail);
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The readable text of a raw quoted-printable message, for logs and tests. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}
