/**
 * State and sagas of features that only some routes use (catalogue, product, checkout, orders,
 * listings) reach the store when their route's code loads, so the entry bundle does not carry
 * them. A feature module calls `loadFeature` when it is evaluated, which happens before any of its
 * components render; that is why RootState can declare these slices as always present: the only
 * code that reads them arrives with them.
 */
import { createAction, type Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import type { LazyLoadedSlices } from './store.ts';

export type LazyFeatureName = keyof LazyLoadedSlices;

export interface LazyFeature<Name extends LazyFeatureName = LazyFeatureName> {
  name: Name;
  reducer: Reducer<LazyLoadedSlices[Name]>;
  saga: Saga;
}

/** Dispatched after a feature's reducer joins the store, so its initial state appears at once. */
export const featureLoaded = createAction<LazyFeatureName>('app/featureLoaded');

type Host = (feature: LazyFeature) => void;
let host: Host | null = null;
const waiting: LazyFeature[] = [];

export function loadFeature<Name extends LazyFeatureName>(feature: LazyFeature<Name>): void {
  if (host) host(feature as unknown as LazyFeature);
  else waiting.push(feature as unknown as LazyFeature);
}

/** The store registers itself here; features that loaded before it are handed over then. */
export function hostFeatures(next: Host): void {
  host = next;
  for (const feature of waiting.splice(0)) next(feature);
}
