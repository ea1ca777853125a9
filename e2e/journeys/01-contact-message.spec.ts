import { expect, openTab, test, toast, unique } from '../support/fixtures';

test('When a visitor sends a contact message, then it is confirmed and the admin sees it within one poll and marks it Read, then Responded', async ({
  page,
  adminPage,
  shot,
}) => {
  const id = unique();
  const name = `Jamie Visitor ${id}`;
  const subject = `Matchday app question ${id}`;
  await openTab(adminPage, 'Messages');
  await expect(adminPage.getByRole('heading', { name: 'Contact Messages' })).toBeVisible();

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact', exact: true })
    .click();
  const contact = page.getByRole('dialog', { name: 'Get in Touch' });
  await expect(contact).toBeVisible();
  await expect(contact).toContainText('within 24 hours on business days');
  await contact.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await contact.getByRole('textbox', { name: 'Email', exact: true }).fill(`jamie.${id}@example.com`);
  await contact.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await contact
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Can the app run a half-time quiz for our supporters?');
  await contact.getByRole('button', { name: 'Send Message' }).click();

  const sent = toast(page, 'Message Sent!');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("Thank you for your message. We'll get back to you soon.");
  await expect(contact).toBeHidden();
  await shot(page, '01-contact-sent');
  // The form was reset: opened again, it is empty.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
  await expect(contact.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue('');
  await expect(contact.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');
  await contact.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(contact).toBeHidden();

  // The Messages tab polls every 5 s: the message appears without any click.
  const card = adminPage.getByRole('listitem').filter({ hasText: subject });
  await expect(card).toBeVisible({ timeout: 8_000 });
  await expect(card).toContainText(name);
  await expect(card.getByText('Unread', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Mark message from ${name} as read` }).click();
  await expect(card.getByText('Read', { exact: true })).toBeVisible();
  await expect(card.getByText('Unread', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Mark message from ${name} as read` })).toBeDisabled();
  await card.getByRole('button', { name: `Mark message from ${name} as responded` }).click();
  await expect(card.getByText('Responded', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Mark message from ${name} as responded` })).toBeDisabled();
  await shot(adminPage, '01-contact-admin');
});
