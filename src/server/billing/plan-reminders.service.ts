import whatsapp from '../../shared/i18n/catalogues/en/whatsapp';
import { formatDate } from '../../shared/i18n/intl';
import type { Language } from '../../shared/i18n/language';
import { translate } from '../../shared/i18n/translator';
import { waLink } from '../../shared/whatsapp';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { planEndingEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { countryCode, siteIdentity, supportWhatsapp } from '../settings/settings.service';
import '../i18n/languages';
import * as repo from './billing.repository';

const DAY_MS = 86_400_000;

/** The notices: this many days before a dated Pro plan ends (the dashboard's banner shows from the first). */
export const PLAN_NOTICE_DAYS = [7, 1] as const;

/** How often the job looks (index.ts): a notice goes out at most this late. */
export const PLAN_REMINDERS_EVERY_MS = 3_600_000;

/**
 * An account has no language of its own, so the notices are written in English, the marketplace's
 * default; their Urdu is in the catalogues for when the account's language is known.
 */
const NOTICE_LANGUAGE: Language = 'en';

/**
 * The plan-end notices (issue 48 part 3): each dated Pro plan ending within 7 days gets the notice now
 * due (7 days before, then 1 day before), emailed once to its owner's sign-in address when mail is set
 * up. The claim (plan_reminders' primary key) and the email are one transaction: two instances running
 * this at once send one, a failed email queue leaves the notice unclaimed for the next run, and a
 * renewal's new end date has notices of its own. Returns how many were queued.
 */
export async function sendPlanReminders(
  db: DB,
  config: Pick<AppConfig, 'mail' | 'supportWhatsapp' | 'countryCode' | 'timeZone'>,
  now: Date,
): Promise<number> {
  const mail = config.mail;
  if (!mail) return 0;
  const ending = await repo.listProEndingWithin(db, now.toISOString(), new Date(now.getTime() + PLAN_NOTICE_DAYS[0] * DAY_MS).toISOString());
  if (ending.length === 0) return 0;
  const [site, number, code] = await Promise.all([siteIdentity(db), supportWhatsapp(db, config), countryCode(db, config)]);
  let queued = 0;
  for (const row of ending) {
    const until = row.pro_until!;
    const left = Date.parse(until) - now.getTime();
    // The latest notice due: 1 day before once within a day of the end, else 7.
    const daysBefore = left <= PLAN_NOTICE_DAYS[1] * DAY_MS ? 1 : 7;
    const date = formatDate(until, NOTICE_LANGUAGE, 'date', config.timeZone);
    const renewText = translate(NOTICE_LANGUAGE, whatsapp, 'whatsapp.support.renew', { site: site.name, shop: row.shop_name, date });
    const content = planEndingEmail(NOTICE_LANGUAGE, mail.publicUrl, { shopName: row.shop_name, date, renewUrl: number ? waLink(number, code, renewText) : null }, site);
    const sent = await inTransaction(db, async (trx) => {
      if (!(await repo.claimPlanReminder(trx, { user_id: Number(row.user_id), pro_until: until, days_before: daysBefore, sent_at: now.toISOString() }))) return false;
      await enqueueEmail(trx, { kind: 'plan-ending', to: row.email, language: NOTICE_LANGUAGE, content, now });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
