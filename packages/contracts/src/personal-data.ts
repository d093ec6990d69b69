/**
 * Which fields of which events are personal data, and whose (docs/security.md, "Personal data
 * and account deletion"). The event store encrypts these fields with their subject's key when an
 * event is appended and decrypts them when it is read; once the subject's key is destroyed (the
 * account was deleted), each reads as its `erased` value, which its event's schema accepts.
 *
 * A field is named by its path in the event's data (`['shipping', 'email']`). The subject is the
 * member the data is about (a uid), read from the event's data, or from the envelope's actor
 * when the data does not name them; null: nobody's (the field is stored as it is).
 */
import type { EventData, EventType } from './events.ts';

/** What a personal field reads as once its subject's key is gone. */
export const ERASED = {
  name: 'A former member',
  email: 'erased@invalid.example',
  text: 'This message was deleted with its author’s account.',
  address: 'Erased',
} as const;

/** An order's or shipment's address once its buyer's account is deleted. */
export const ERASED_SHIPPING = {
  name: ERASED.name,
  address: ERASED.address,
  city: ERASED.address,
  state: ERASED.address,
  zip: ERASED.address,
  email: ERASED.email,
} as const;

export interface PersonalField {
  path: readonly string[];
  erased: string | null;
}

export interface PersonalFields<T extends EventType = EventType> {
  /** The member the fields are about; null: keep them as they are. */
  subject(data: EventData<T>, actor: string | null): string | null;
  fields: readonly PersonalField[];
}

const shippingFields = (root: string): PersonalField[] => [
  { path: [root, 'name'], erased: ERASED.name },
  { path: [root, 'address'], erased: ERASED.address },
  { path: [root, 'city'], erased: ERASED.address },
  { path: [root, 'state'], erased: ERASED.address },
  { path: [root, 'zip'], erased: ERASED.address },
  { path: [root, 'email'], erased: ERASED.email },
];

/** The personal fields of the event catalogue, by event type. */
export const PERSONAL_FIELDS: { readonly [T in EventType]?: PersonalFields<T> } = {
  UserRegistered: {
    subject: (d) => d.uid,
    fields: [
      { path: ['email'], erased: ERASED.email },
      { path: ['displayName'], erased: ERASED.name },
      { path: ['photoUrl'], erased: null },
    ],
  },
  ListingCreated: {
    subject: (d) => d.sellerId,
    fields: [
      { path: ['sellerName'], erased: ERASED.name },
      { path: ['sellerPhoto'], erased: null },
    ],
  },
  OrderPlaced: { subject: (d) => d.userId, fields: shippingFields('shipping') },
  ShipmentOpened: { subject: (d) => d.buyerId, fields: shippingFields('shipping') },
  // Only the buyer reports a problem with a shipment: the request's signed-in member.
  ShipmentProblemReported: {
    subject: (_d, actor) => actor,
    fields: [{ path: ['text'], erased: '' }],
  },
  MessageSent: {
    subject: (d) => d.senderId,
    fields: [{ path: ['text'], erased: ERASED.text }],
  },
  // A visitor's message is its own subject, so it can be erased on its own.
  ContactMessageSent: {
    subject: (d) => d.userId ?? `contact-${d.messageId}`,
    fields: [
      { path: ['email'], erased: ERASED.email },
      { path: ['name'], erased: null },
      { path: ['subject'], erased: ERASED.address },
      { path: ['message'], erased: ERASED.text },
    ],
  },
  // A visitor's report is its own subject, like a visitor's message to the store.
  ReportFiled: {
    subject: (d) => d.reporterId ?? `report-${d.reportId}`,
    fields: [
      { path: ['text'], erased: '' },
      { path: ['reporterEmail'], erased: ERASED.email },
    ],
  },
  DecisionAppealed: {
    subject: (d) => d.affectedId,
    fields: [{ path: ['text'], erased: ERASED.text }],
  },
};

/**
 * Fields whose names look personal but are not a member's personal data, and why; the
 * registry's test walks every event schema and fails on a field in neither list.
 */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  'BrandCreated.name': 'a brand',
  'ListingCreated.description': 'a listing’s public text, deleted with the account',
  'ListingUpdated.changes.description': 'a listing’s public text, deleted with the account',
  'OrderPaymentFailed.reason': 'a processor’s reason',
  'ReviewLeft.text':
    'a review stays on the reviewed member’s profile; its author shows as a former member',
  'ReviewEdited.text':
    'a review stays on the reviewed member’s profile; its author shows as a former member',
  'NewsletterSubscribed.email':
    'a subscription is keyed by its address, not by an account; unsubscribing ends it',
  'NewsletterUnsubscribed.email':
    'a subscription is keyed by its address, not by an account; unsubscribing ends it',
  'CollectionCreated.description': 'a public collection’s text',
  'SearchSaved.name': 'the member’s own label for a search',
  'ShipmentDisputeSettled.operator': 'staff, not a member',
  'ShipmentDisputeSettled.address': 'staff, not a member',
  'ProjectionReplayed.operator': 'staff, not a member',
  'ProjectionReplayed.address': 'staff, not a member',
  'ProjectionRebuilt.operator': 'staff, not a member',
  'ProjectionRebuilt.address': 'staff, not a member',
  'DeadLetterRetried.operator': 'staff, not a member',
  'DeadLetterRetried.address': 'staff, not a member',
  'DeadLetterSkipped.operator': 'staff, not a member',
  'DeadLetterSkipped.address': 'staff, not a member',
  'DisputeSettlementRecorded.operator': 'staff, not a member',
  'DisputeSettlementRecorded.address': 'staff, not a member',
  'AppealDecided.text': 'a moderator’s answer to an appeal: staff’s words, kept as the record',
};

/** Field names that may hold personal data: the registry's test checks each such field. */
export const PERSONAL_LOOKING =
  /name|email|address|city|state|zip|text|message|subject|photo|description|operator|reason/i;
