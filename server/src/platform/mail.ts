import nodemailer from 'nodemailer';
import type { Logger } from '../log';

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

/**
 * SMTP when SMTP_URL is set. Without it, mail is written to the log only on the embedded
 * database, so the offline default works; on PostgreSQL (a shared deployment) the log is no place
 * for live reset links, so it says only that mail is not configured.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; embedded: boolean },
  log: Pick<Logger, 'info' | 'warn'>,
): Mailer {
  if (options.smtpUrl) return createSmtpMailer(options.smtpUrl, options.from);
  return options.embedded ? createLogMailer(log) : createUnsentMailer(log);
}

export const MAIL_NOT_CONFIGURED = 'SMTP_URL is not set: an e-mail was not sent (set SMTP_URL to send mail)';

function createUnsentMailer(log: Pick<Logger, 'warn'>): Mailer {
  return {
    async send(mail) {
      log.warn({ subject: mail.subject }, MAIL_NOT_CONFIGURED);
    },
  };
}

/** Writes the whole message, links included, to the log: for the embedded database only. */
export function createLogMailer(log: Pick<Logger, 'info'>): Mailer {
  return {
    async send(mail) {
      log.info({ mail }, 'SMTP_URL is not set: this e-mail was written to the log instead of being sent');
    },
  };
}
