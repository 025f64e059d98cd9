import { describe, expect, it } from 'vitest';
import { MAIL_NAME_MAX, MAIL_SUBJECT_MAX, readMimeMessage, readPostmarkMessage } from './mailMessage.ts';

describe('a newsletter message’s headers', () => {
  // Cut to their limits, and an ellipsis: the subject becomes a title, the sender's name a feed's.
  it('are cut to their limits: the subject becomes a title, the sender’s name a feed’s', async () => {
    const raw = Buffer.from(`From: "${'N'.repeat(1000)}" <a@example.org>\r\nSubject: ${'S'.repeat(5000)}\r\n\r\nBody\r\n`);
    const message = await readMimeMessage(raw);
    expect(message.subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX + 1);
    expect(message.from.name.length).toBeLessThanOrEqual(MAIL_NAME_MAX + 1);
    const { message: posted } = readPostmarkMessage({
      Subject: 'S'.repeat(5000),
      FromFull: { Email: 'a@example.org', Name: 'N'.repeat(1000) },
    });
    expect(posted.subject.length).toBeLessThanOrEqual(MAIL_SUBJECT_MAX + 1);
    expect(posted.from.name.length).toBeLessThanOrEqual(MAIL_NAME_MAX + 1);
  });
});
