import nodemailer from 'nodemailer';

/** One plain-text mail; the sender is the configured MAIL_FROM. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Sent as `List-Unsubscribe` (mails a resident may stop, decision 0025); the text carries it too. */
  unsubscribeUrl?: string;
}

/** Sends the portal's mails: through SMTP when SMTP_URL is set, into the development outbox otherwise. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Where the outbox mailer keeps messages (the dev_outbox table). */
export interface OutboxStore {
  add(message: MailMessage & { from: string; createdAt: Date }): Promise<void>;
}

/** A slow or silent SMTP server must not hold a request for minutes (nodemailer's defaults). */
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The SMTP URL with the timeouts above unless it sets its own (`?connectionTimeout=...`). */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(timeouts)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** nodemailer over SMTP, e.g. smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrlWithTimeouts(options.url));
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.unsubscribeUrl ? { list: { unsubscribe: message.unsubscribeUrl } } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/** Keeps every mail in the database (development, tests, and any setup without SMTP_URL). */
export function createOutboxMailer(options: {
  outbox: OutboxStore;
  from: string;
  clock: () => Date;
}): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text }) {
      // What a reader sees: the text carries the unsubscribe link the SMTP header would.
      await options.outbox.add({ to, subject, text, from: options.from, createdAt: options.clock() });
    },
    async close() {},
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outbox: OutboxStore;
  clock: () => Date;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from })
    : createOutboxMailer(options);
}

/**
 * Work done after the answer has left (a mail whose sending must not show in the response time). Failures
 * are logged; `idle()` waits for what is still running (the app awaits it on close).
 */
export function createBackgroundWork(onError: (error: unknown) => void) {
  const running = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>): void {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .catch(onError)
        .finally(() => running.delete(task));
      running.add(task);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
