/**
 * The smoke journey against a running stack, through nginx as a browser reaches it: browse the
 * catalogue, search, sign up with the Auth emulator, add to the cart, pay with the simulated card
 * processor, read the order back; create a listing and find it in search; the operators' status.
 * Plain fetch; every check throws with what it saw. Each step prints its time; SMOKE_REPORT names
 * a file that gets each step's outcome as JSON.
 *   npx tsx scripts/containers/smoke.ts
 * BASE_URL (http://127.0.0.1:8080), AUTH_URL (http://127.0.0.1:9099: the emulator's published
 * port), OPS_TOKEN (the stack's; without it the status step is skipped, saying so).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are JSON, checked field by field */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { CONSISTENCY_HEADER, POSITION_HEADER } from '@rewear/contracts';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const AUTH_URL = process.env.AUTH_URL ?? 'http://127.0.0.1:9099';
const OPS_TOKEN = process.env.OPS_TOKEN ?? '';
const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const shipping = {
  name: 'Ada',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ada@example.com',
};

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}
interface User {
  uid: string;
  email: string;
  idToken: string;
}

function check(condition: unknown, message: string, seen?: unknown): asserts condition {
  if (!condition)
    throw new Error(
      `smoke: ${message}${seen === undefined ? '' : `; saw ${JSON.stringify(seen)}`}`,
    );
}

async function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; after?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.after !== undefined) headers[CONSISTENCY_HEADER] = String(options.after);
  const response = await fetch(`${BASE_URL}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an nginx error page): kept as text for the message.
  }
  return { status: response.status, body, headers: response.headers };
}

/** A command: its status checked, its position (the consistency token for reads) returned. */
async function command(
  method: string,
  url: string,
  token: string,
  body: unknown,
  status = 200,
): Promise<{ body: any; position: number }> {
  const answer = await call(method, url, { token, body });
  check(
    answer.status === status,
    `${method} ${url} answered ${answer.status}, not ${status}`,
    answer.body,
  );
  const position = Number(answer.headers.get(POSITION_HEADER));
  check(Number.isInteger(position), `${method} ${url} carries no ${POSITION_HEADER}`);
  return { body: answer.body, position };
}

/** A read after a command: answered once the projections hold the command's position. */
async function read(url: string, after: number, token?: string): Promise<Answer> {
  const answer = await call('GET', url, { token, after });
  check(answer.status === 200, `GET ${url} answered ${answer.status}`, answer.body);
  check(
    answer.headers.get('x-consistency-timeout') === null,
    `GET ${url} timed out waiting for position ${after}`,
  );
  return answer;
}

async function signUp(): Promise<User> {
  const email = `smoke-${randomUUID().slice(0, 12)}@example.com`;
  const response = await fetch(
    `${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { localId?: string; idToken?: string };
  check(response.ok && json.localId && json.idToken, `sign-up at ${AUTH_URL} failed`, json);
  const user = { uid: json.localId, email, idToken: json.idToken };
  await command('POST', '/api/users/register', user.idToken, { uid: user.uid, email }, 201);
  return user;
}

const ids = (answer: Answer) =>
  (answer.body as Array<{ product_id: string }>).map((p) => p.product_id);

/** Each step as it ended, written to SMOKE_REPORT (when set) for the test command's summary. */
const report: Array<{ step: string; passed: boolean; ms: number; error?: string }> = [];
const writeReport = () => {
  if (process.env.SMOKE_REPORT)
    writeFileSync(process.env.SMOKE_REPORT, JSON.stringify({ steps: report }, null, 2));
};

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await run();
    const ms = Math.round(performance.now() - started);
    report.push({ step: name, passed: true, ms });
    console.log(`[smoke] ${name.padEnd(44)} ${ms} ms`);
    return result;
  } catch (error) {
    report.push({
      step: name,
      passed: false,
      ms: Math.round(performance.now() - started),
      error: (error as Error).message,
    });
    throw error;
  } finally {
    writeReport();
  }
}

const started = performance.now();

const catalogue = await step('browse the catalogue (seeded listings)', async () => {
  // The seed ran before command-api started; its listings reach the read side through Kafka.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await call('GET', '/api/products?limit=20');
    if (answer.status === 200 && Array.isArray(answer.body) && answer.body.length > 0)
      return answer.body as Array<{
        product_id: string;
        title: string;
        price: number;
        stock: number;
      }>;
    check(Date.now() < deadline, 'the catalogue stayed empty for 120 s', answer.body);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

await step('search the catalogue', async () => {
  const word = catalogue[0]!.title.split(/\s+/).find((w) => w.length > 3) ?? catalogue[0]!.title;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await call('GET', `/api/search?query=${encodeURIComponent(word)}`);
    check(answer.status === 200, `search answered ${answer.status}`, answer.body);
    if (Array.isArray(answer.body) && answer.body.length > 0) return;
    check(Date.now() < deadline, `search for "${word}" found nothing for 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
});

const [seller, buyer] = await step('sign up two users (Auth emulator)', () =>
  Promise.all([signUp(), signUp()]),
);

const word = `smoke${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`;
const listing = await step('create a listing and find it in search', async () => {
  const brand = await command(
    'POST',
    '/api/brands/find-or-create',
    seller.idToken,
    { name: `Brand ${word}` },
    201,
  );
  const created = await command(
    'POST',
    '/api/products',
    seller.idToken,
    {
      title: `Denim ${word} jacket`,
      price: 25,
      description: 'Blue, light wear',
      brand_id: brand.body.id,
      category_id: 5,
      condition_ids: 3,
      size_ids: [3],
      color_ids: [2],
      image: 'https://example.com/jacket.jpg',
      stock: 1,
    },
    201,
  );
  const id = created.body.product_id as string;
  const product = await read(`/api/products/${id}`, created.position);
  check(
    product.body.product_id === id && product.body.stock === 1,
    'the new listing reads back',
    product.body,
  );
  const found = await read(`/api/search?query=${word}`, created.position);
  check(ids(found).join() === id, `search for ${word} finds the new listing alone`, found.body);
  return { id, position: created.position };
});

const orderId = await step('add to cart, order, pay, read the order back', async () => {
  const cart = await command('POST', '/api/cart/create', buyer.idToken, { userId: buyer.uid }, 201);
  const added = await command('POST', '/api/cart/add-item', buyer.idToken, {
    cartId: cart.body.id,
    productId: listing.id,
    quantity: 1,
  });
  const inCart = await read(`/api/cart/user/${buyer.uid}`, added.position, buyer.idToken);
  check(
    inCart.body.products?.[0]?.product_id === listing.id,
    'the cart holds the listing',
    inCart.body,
  );
  const placed = await command(
    'POST',
    '/api/orders',
    buyer.idToken,
    {
      userId: buyer.uid,
      orderItems: [{ productId: listing.id, quantity: 1, unitPrice: 25 }],
      shippingInfo: shipping,
    },
    201,
  );
  check(placed.body.order?.status === 'pending', 'a placed order is pending', placed.body);
  const id = placed.body.order.id as string;
  const confirmed = await call('POST', '/api/payments/simulated/confirm', {
    body: { clientSecret: placed.body.clientSecret, card },
  });
  check(
    confirmed.status === 200 && confirmed.body.paymentIntent?.status === 'succeeded',
    'the simulated processor confirms the payment',
    confirmed.body,
  );
  const paid = await command('PUT', `/api/orders/${id}/update-payment`, buyer.idToken, {
    stripePaymentId: placed.body.paymentIntentId,
  });
  check(paid.body.order?.status === 'paid', 'the order is paid', paid.body);
  const orders = await read(`/api/orders/user/${buyer.uid}`, paid.position, buyer.idToken);
  check(
    orders.body.some(
      (o: { order_id: string; status: string }) => o.order_id === id && o.status === 'paid',
    ),
    "the buyer's orders show it paid",
    orders.body,
  );
  const product = await read(`/api/products/${listing.id}`, paid.position);
  check(product.body.stock === 0, 'the sold listing has no stock left', product.body);
  return id;
});

await step('operator status', async () => {
  if (!OPS_TOKEN) {
    console.log('[smoke] operator status skipped: OPS_TOKEN is not set');
    return;
  }
  const denied = await call('GET', '/api/ops/status');
  check(
    denied.status === 401 || denied.status === 403,
    'status without the token is refused',
    denied.status,
  );
  const status = await call('GET', '/api/ops/status', { token: OPS_TOKEN });
  check(status.status === 200, `status answered ${status.status}`, status.body);
  const { projectors } = status.body as {
    projectors: Array<{ projector: string; lag: number; deadLetters: number }>;
  };
  check(Array.isArray(projectors) && projectors.length > 0, 'no projector reported', status.body);
  const dead = projectors.filter((p) => p.deadLetters > 0);
  check(dead.length === 0, 'a projector has dead letters', dead);
  console.log(
    `[smoke] ${projectors.length} projectors, lag ${projectors.map((p) => `${p.projector} ${p.lag}`).join(', ')}`,
  );
});

console.log(
  `[smoke] passed in ${Math.round(performance.now() - started)} ms (order ${orderId}, listing ${listing.id})`,
);
