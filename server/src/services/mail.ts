import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Without SMTP_URL, mail is written to the log so the embedded default works offline. */
export function createLogMailer(log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(mail) {
      log.info({ mail }, 'SMTP_URL is not set: this e-mail was written to the log instead of being sent');
    },
  };
}
