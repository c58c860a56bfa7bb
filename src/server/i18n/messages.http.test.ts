import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER } from '../../shared/i18n/language';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { rawRequest, type RawResponse, startTestServer, type TestServer } from '../testing/test-server';

/**
 * The server's messages over HTTP: an API call from an Urdu page (x-language: ur) reads them in Urdu,
 * the field errors of a validation too; any other call reads them in English exactly as before.
 */
let server: TestServer;
// Markup and regex characters in a product's name stay as written, as text.
const NAME = 'Lamp <b>(big)</b> $1 .*';
/** An Urdu message as read: its values' isolates (U+2068…U+2069) are invisible. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');
let productId = 0;
let variantProductId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server.env, { roles: ['shopkeeper'], isPro: true });
  const shop = await createShop(server.env, { owner });
  productId = (await createProduct(server.env, shop, { name: NAME, stock: 1 })).id;
  const variants = { '#ff0000|M': { stock: 1 }, '#87ceeb|M': { stock: 3 } };
  variantProductId = (await createProduct(server.env, shop, { name: 'Kurta', colors: ['#ff0000', '#87ceeb'], sizes: ['M', 'L'], variants })).id;
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

const URDU = { [LANGUAGE_HEADER]: 'ur' };

function mutate(path: string, input: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.port, `/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(input),
  });
}

interface ErrorBody {
  error: { message: string; data: { code: string; fieldErrors: Record<string, string> | null } };
}

const invalidSignUp = { fullName: ' ', phone: '', email: 'nope', password: '123' };

describe("the server's messages, by the call's language", () => {
  it('answers a validation error in Urdu, its field errors too', async () => {
    const res = await mutate('auth.signUp', invalidSignUp, URDU);
    expect(res.status).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(plain(error.message)).toBe('پورا نام لازمی ہے');
    expect(Object.fromEntries(Object.entries(error.data.fieldErrors as Record<string, string>).map(([field, text]) => [field, plain(text)]))).toEqual({
      fullName: 'پورا نام لازمی ہے',
      phone: 'فون نمبر لازمی ہے',
      email: 'ای میل ایڈریس درست نہیں',
      password: 'پاس ورڈ کم از کم 6 حروف کا ہونا چاہیے',
    });
  });

  it('answers the same call in English without the header, as it always did', async () => {
    const res = await mutate('auth.signUp', invalidSignUp);
    expect(res.status).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(error.message).toBe('Full name is required');
    expect(error.data.fieldErrors).toEqual({
      fullName: 'Full name is required',
      phone: 'Phone is required',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    // An unknown language is English.
    const other = await mutate('auth.signUp', invalidSignUp, { [LANGUAGE_HEADER]: 'fr' });
    expect(other.json<ErrorBody>().error.message).toBe('Full name is required');
  });

  it("answers a service's refusal in Urdu, with the product's name as written", async () => {
    const order = { items: [{ productId, quantity: 2, color: null, size: null }], shipping: SHIPPING };
    const urdu = await mutate('orders.checkout', order, URDU);
    expect(urdu.status).toBe(400);
    // The name and the number are isolates in the Urdu sentence (U+2068…U+2069), each in its own direction.
    expect(urdu.json<ErrorBody>().error.message).toBe(`"\u2068${NAME}\u2069" کے صرف \u20681\u2069 باقی ہیں: براہِ کرم تعداد کم کریں`);
    expect(urdu.json<ErrorBody>().error.data.fieldErrors).toBeNull();

    const english = await mutate('orders.checkout', order);
    expect(english.json<ErrorBody>().error.message).toBe(`Only 1 left of "${NAME}": please lower the quantity`);
  });

  it("names a variant's colour in Urdu inside an Urdu message", async () => {
    const order = (color: string) => ({ items: [{ productId: variantProductId, quantity: 2, color, size: 'M' }], shipping: SHIPPING });
    const urdu = await mutate('orders.checkout', order('#ff0000'), URDU);
    expect(plain(urdu.json<ErrorBody>().error.message)).toBe('Kurta (لال / M) کے صرف 1 باقی ہیں');
    const english = await mutate('orders.checkout', order('#ff0000'));
    expect(english.json<ErrorBody>().error.message).toBe('Only 1 left of Kurta (Red / M)');
    // A colour named in two words, in a combination sold out.
    const notSold = await mutate('orders.checkout', { ...order('#87ceeb'), items: [{ productId: variantProductId, quantity: 1, color: '#87ceeb', size: 'L' }] }, URDU);
    expect(plain(notSold.json<ErrorBody>().error.message)).toBe('Kurta (آسمانی / L) اسٹاک میں نہیں ہے');
  });

  it('answers a refused query (the GET path) in Urdu', async () => {
    const input = encodeURIComponent(JSON.stringify({ slug: 'no-such-product' }));
    const urdu = await rawRequest(server.port, `/api/trpc/catalog.product?input=${input}`, { headers: URDU });
    expect(urdu.status).toBe(404);
    expect(urdu.json<ErrorBody>().error.message).toBe('پروڈکٹ نہیں ملی');
    const english = await rawRequest(server.port, `/api/trpc/catalog.product?input=${input}`);
    expect(english.json<ErrorBody>().error.message).toBe('Product not found');
  });

  it('answers an upload refusal and a request refused at the door in Urdu', async () => {
    const upload = await rawRequest(server.port, '/api/uploads', { method: 'POST', headers: URDU, body: '' });
    expect(upload.status).toBe(401);
    expect(upload.json<{ message: string }>().message).toBe('تصاویر اپ لوڈ کرنے کے لیے براہِ کرم سائن اِن کریں');
    const englishUpload = await rawRequest(server.port, '/api/uploads', { method: 'POST', body: '' });
    expect(englishUpload.json<{ message: string }>().message).toBe('Please sign in to upload images');

    const tooLarge = await rawRequest(server.port, '/api/trpc/auth.signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...URDU },
      declaredBytes: 50 * 1024 * 1024,
    });
    expect(tooLarge.status).toBe(413);
    expect(plain(tooLarge.json<ErrorBody>().error.message)).toBe('یہ درخواست بہت بڑی ہے (زیادہ سے زیادہ 1 MB)۔');
  });
});
