// The marketplace's identity (issue 47): only an admin reads and saves the section; everyone reads the
// identity; bad input is refused with its field's message and leaves what was saved as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLOUR_INVALID, COUNTRY_CODE_INVALID, NAME_LENGTH, NAME_REQUIRED, SHORT_NAME_LENGTH, SUPPORT_WHATSAPP_INVALID, TAGLINE_LENGTH } from '../../shared/schemas/settings';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let adminId = 0;
let buyerId = 0;
let shopkeeperId = 0;

beforeAll(async () => {
  env = createTestEnv();
  adminId = await createUser(env, { roles: ['admin'] });
  buyerId = await createUser(env, { roles: ['buyer'] });
  shopkeeperId = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
});
afterAll(async () => {
  await env.db.destroy();
});

const LAHORE = {
  name: 'Lahore Bazaar',
  shortName: 'Bazaar',
  tagline: 'Shops of Lahore, cash on delivery',
  brandColour: '#1D4ED8',
  supportWhatsapp: '+92 300 1234567',
  contactEmail: 'Help@Lahore.example',
  countryCode: '92',
};

const row = () => env.db.selectFrom('marketplace_settings').selectAll().execute();

describe('marketplace settings', () => {
  it('start as "Marketplace" with today\'s colour and SUPPORT_WHATSAPP as the support number', async () => {
    expect(await env.as(null).settings.site()).toEqual({ name: 'Marketplace', shortName: 'Marketplace', tagline: '', brandColour: '#0d7a6f', logo: null });
    const form = await env.as(adminId).settings.get();
    expect(form).toMatchObject({ name: 'Marketplace', shortName: '', brandColour: '#0d7a6f', countryCode: '92', contactEmail: '' });
    expect(form.supportWhatsapp).toBe(env.config.supportWhatsapp ?? '');
  });

  it('are read and saved by an admin only; a refused call changes nothing', async () => {
    for (const user of [null, buyerId, shopkeeperId]) {
      await expect(env.as(user).settings.get()).rejects.toMatchObject({ code: user === null ? 'UNAUTHORIZED' : 'FORBIDDEN' });
      await expect(env.as(user).settings.save(LAHORE)).rejects.toMatchObject({ code: user === null ? 'UNAUTHORIZED' : 'FORBIDDEN' });
    }
    expect(await row()).toEqual([]);
  });

  it('saves the section: the identity everyone reads follows, the short name falls back to the name', async () => {
    const saved = await env.as(adminId).settings.save(LAHORE);
    expect(saved).toEqual({ ...LAHORE, brandColour: '#1d4ed8', supportWhatsapp: '+923001234567', contactEmail: 'help@lahore.example' });
    expect(await env.as(buyerId).settings.site()).toEqual({ name: 'Lahore Bazaar', shortName: 'Bazaar', tagline: LAHORE.tagline, brandColour: '#1d4ed8', logo: null });
    await env.as(adminId).settings.save({ ...LAHORE, shortName: '  ' });
    expect((await env.as(null).settings.site()).shortName).toBe('Lahore Bazaar');
    expect(await row()).toHaveLength(1);
    await env.as(adminId).settings.save(LAHORE);
  });

  it('refuses bad input with the field\'s message and keeps what was saved', async () => {
    const before = await row();
    const refused: Array<[Partial<typeof LAHORE>, string | RegExp]> = [
      [{ name: '     ' }, NAME_REQUIRED],
      [{ name: ' a ' }, NAME_LENGTH],
      [{ name: 'x'.repeat(41) }, NAME_LENGTH],
      [{ shortName: 'x'.repeat(13) }, SHORT_NAME_LENGTH],
      [{ tagline: 'x'.repeat(81) }, TAGLINE_LENGTH],
      [{ brandColour: 'blue' }, COLOUR_INVALID],
      [{ brandColour: '#12345' }, COLOUR_INVALID],
      // Yellow: white text on it reads at 1.07:1.
      [{ brandColour: '#ffff00' }, 'White text on this colour has a contrast of 1.07:1; it needs at least 4.5:1. Please choose a darker colour'],
      [{ brandColour: '#777777' }, /contrast of 4\.47:1/],
      [{ supportWhatsapp: '0300-CALL-ME' }, SUPPORT_WHATSAPP_INVALID],
      [{ contactEmail: 'not an email' }, 'Invalid email address'],
      [{ countryCode: '9200' }, COUNTRY_CODE_INVALID],
      [{ countryCode: '' }, COUNTRY_CODE_INVALID],
    ];
    for (const [change, message] of refused) {
      await expect(env.as(adminId).settings.save({ ...LAHORE, ...change })).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await row()).toEqual(before);
  });

  it('an empty support number and email are saved as none', async () => {
    const saved = await env.as(adminId).settings.save({ ...LAHORE, supportWhatsapp: '', contactEmail: '' });
    expect(saved).toMatchObject({ supportWhatsapp: '', contactEmail: '' });
  });
});
