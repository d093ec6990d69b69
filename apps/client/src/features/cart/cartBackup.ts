/** The cart kept in this browser (docs/product.md §3, §9: key ecart_cart_backup). */
import { eventChannel } from 'redux-saga';
import type { CartItem } from './cartSlice.ts';

export const CART_BACKUP_KEY = 'ecart_cart_backup';

export interface CartBackup {
  /** The uid the lines belong to; null for a visitor's cart, which is merged at sign-in. */
  owner: string | null;
  lines: CartItem[];
}

export function parseBackup(text: string | null): CartBackup | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    // An older backup held just the lines.
    if (Array.isArray(value)) return { owner: null, lines: value as CartItem[] };
    if (value && typeof value === 'object' && Array.isArray((value as CartBackup).lines)) {
      const backup = value as CartBackup;
      return { owner: typeof backup.owner === 'string' ? backup.owner : null, lines: backup.lines };
    }
  } catch {
    // A corrupt backup is as good as none.
  }
  return null;
}

export function readBackup(storage: Storage = window.localStorage): CartBackup | null {
  return parseBackup(storage.getItem(CART_BACKUP_KEY));
}

/** Rewritten when lines change, removed when the list is empty. */
export function writeBackup(backup: CartBackup, storage: Storage = window.localStorage): void {
  if (backup.lines.length === 0) {
    storage.removeItem(CART_BACKUP_KEY);
    return;
  }
  const text = JSON.stringify(backup);
  if (storage.getItem(CART_BACKUP_KEY) !== text) storage.setItem(CART_BACKUP_KEY, text);
}

export function removeBackup(storage: Storage = window.localStorage): void {
  storage.removeItem(CART_BACKUP_KEY);
}

export interface BackupChange {
  backup: CartBackup | null;
}

/** Changes another tab makes to the backup. */
export function backupChangesChannel(target: Window = window) {
  return eventChannel<BackupChange>((emit) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_BACKUP_KEY && event.key !== null) return;
      emit({ backup: parseBackup(event.newValue) });
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  });
}
