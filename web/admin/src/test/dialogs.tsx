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
