import type { ClientConfig } from '@rewear/contracts';
import type { Config } from '@rewear/platform';

/**
 * What the browser needs at run time. With the emulator, the Firebase web config is the demo
 * one and the browser talks to the emulator (AUTH_EMULATOR_PUBLIC_URL when the browser reaches
 * it under another address than the server does, as in docker compose).
 */
export function clientConfigFrom(
  config: Pick<Config, 'firebaseProjectId' | 'firebaseAuthEmulatorHost'>,
  env: NodeJS.ProcessEnv = process.env,
): ClientConfig {
  const emulatorUrl = config.firebaseAuthEmulatorHost
    ? env.AUTH_EMULATOR_PUBLIC_URL?.trim() || `http://${config.firebaseAuthEmulatorHost}`
    : null;
  return {
    firebase: {
      apiKey: env.FIREBASE_API_KEY?.trim() || 'demo-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN?.trim() || `${config.firebaseProjectId}.firebaseapp.com`,
      projectId: config.firebaseProjectId,
      authEmulatorUrl: emulatorUrl,
    },
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() || null,
  };
}
