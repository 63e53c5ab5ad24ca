import { notifications } from '@mantine/notifications';

/** The CSV Template Analyzer's toasts (SPEC §8) stay 6 s like the other supplier-list toasts (SPEC §9). */
const TOAST_MS = 6000;

export function toastInfo(title: string, message: string): void {
  notifications.show({ title, message, color: 'blue', autoClose: TOAST_MS });
}
export function toastSuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'green', autoClose: TOAST_MS });
}
export function toastError(title: string, message: string, id?: string): void {
  notifications.show({ id, title, message, color: 'red', autoClose: TOAST_MS });
}
