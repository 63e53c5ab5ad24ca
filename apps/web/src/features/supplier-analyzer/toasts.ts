import { notifications } from '@mantine/notifications';

/** Supplier toasts stay 6 s (SPEC §9). */
export const SUPPLIER_TOAST_MS = 6000;

export function toast(title: string, message: string, color: 'green' | 'red' | 'orange' | 'blue'): void {
  notifications.show({ title, message, color, autoClose: SUPPLIER_TOAST_MS });
}
