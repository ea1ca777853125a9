import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderTab } from './render';

/** The tab rendered and the dialog behind its BUTTON open. */
export async function openDialog(tab: ReactElement, button: RegExp): Promise<HTMLElement> {
  renderTab(tab);
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

/** An image picked in the dialog's file field LABEL (its upload then waits for the test's answer). */
export async function pickImage(dialog: HTMLElement, label: string | RegExp, name = 'shot.png') {
  await userEvent.upload(within(dialog).getByLabelText(label), new File(['x'], name, { type: 'image/png' }));
  return dialog;
}

/** The tab listing `rows` (read from `path`), with `text` typed in its search box `label`. */
export async function searchList(
  tab: ReactElement,
  path: string,
  rows: unknown[],
  label: string,
  text: string,
) {
  mockApi({ [`GET ${path}`]: { body: rows } });
  renderTab(tab);
  await userEvent.type(await screen.findByRole('searchbox', { name: label }), text);
}

/** The row's "Delete WHAT" button pressed and its confirmation answered CHOICE. */
export async function pressDelete(what: string, choice: 'Delete' | 'Cancel' = 'Delete') {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`Delete ${what}`) }));
  await userEvent.click(await screen.findByRole('button', { name: choice }));
}

/** The tab listing `rows` (read from `path`, the API's other `answers` beside), its row's delete answered CHOICE. */
export async function deleteFromList(
  tab: ReactElement,
  path: string,
  rows: unknown[],
  what: string,
  choice: 'Delete' | 'Cancel',
  answers: Parameters<typeof mockApi>[0] = {},
) {
  const api = mockApi({ [`GET ${path}`]: { body: rows }, ...answers });
  renderTab(tab);
  await pressDelete(what, choice);
  return api;
}

/** Each value typed, in order, into the field of DIALOG its label names. */
export async function typeFields(dialog: HTMLElement, fields: [label: RegExp | string, value: string][]) {
  for (const [label, value] of fields) await userEvent.type(within(dialog).getByLabelText(label), value);
}

/** TEXT pasted into FIELD (typing thousands of characters one by one would take seconds). */
export async function pasteInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** FIELD emptied and TEXT typed into it, as an admin replaces a value. */
export async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}
