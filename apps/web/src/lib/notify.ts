import { notifications } from '@mantine/notifications';

/**
 * Where every toast appears: bottom left. At the top right they covered the page header's actions — the
 * analyzers' "EAN uploads" badge, the demo-data badge — right when a scan started and the user wanted to read them;
 * at the bottom right they covered the Confirm and Cancel buttons of dialogs (the mapping dialog), which keep their
 * actions there.
 */
export const TOAST_POSITION = 'bottom-left' as const;

/** Toast durations of the account area (SPEC §9): success 3 s, error 4 s. */
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;
/** The longer toasts of the tool screens and the upgrade notice (SPEC §9: 6 s). */
export const LONG_TOAST_MS = 6000;

export function notifySuccess(message: string, title = 'Success'): void {
  notifications.show({ title, message, color: 'green', autoClose: SUCCESS_TOAST_MS });
}

export function notifyError(message: string, title = 'Error'): void {
  notifications.show({ title, message, color: 'red', autoClose: ERROR_TOAST_MS });
}
