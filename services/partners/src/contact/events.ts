export type ContactStatus = 'unread' | 'read' | 'responded';

export type ContactMessageReceived = {
  type: 'ContactMessageReceived';
  data: { id: string; name: string; email: string; subject: string; message: string; at: string };
};
export type ContactStatusChanged = {
  type: 'ContactStatusChanged';
  data: { id: string; status: ContactStatus; previousStatus: ContactStatus; at: string };
};
export type ContactEvent = ContactMessageReceived | ContactStatusChanged;

export const contactStreamId = (id: string) => `contact-${id}`;
