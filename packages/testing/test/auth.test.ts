import { describe, expect, it } from 'vitest';
import { authEmulatorAddress } from '../src/auth.ts';

describe('authEmulatorAddress', () => {
  it('uses the port FIREBASE_AUTH_EMULATOR_HOST names, so a run can keep an emulator of its own', () => {
    expect(authEmulatorAddress({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9399' })).toEqual({
      host: '127.0.0.1',
      port: 9399,
    });
  });

  it('falls back to the shared emulator of firebase.json when the variable is unset or blank', () => {
    expect(authEmulatorAddress({})).toEqual({ host: '127.0.0.1', port: 9099 });
    expect(authEmulatorAddress({ FIREBASE_AUTH_EMULATOR_HOST: '  ' })).toEqual({
      host: '127.0.0.1',
      port: 9099,
    });
  });

  it('refuses a value without a usable port', () => {
    expect(() => authEmulatorAddress({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost' })).toThrow(
      /host:port/,
    );
    expect(() => authEmulatorAddress({ FIREBASE_AUTH_EMULATOR_HOST: 'localhost:0' })).toThrow(
      /host:port/,
    );
  });
});
