import type { UploadStorage } from './uploads/storage';

/** Email is configured (SMTP_URL): what the emails' links start with. */
export interface MailConfig {
  /** PUBLIC_URL, or http://localhost:PORT when unset. */
  publicUrl: string;
  /** Signs the links in emails (a status email's "stop these emails"); derived from the auth secret. */
  linkKey: string;
}

/** What the application needs to know of its environment, passed in its context (tests build their own). */
export interface AppConfig {
  trialMinutes: number;
  supportWhatsapp: string | null;
  /**
   * The marketplace's country code, given to phone numbers written locally in every WhatsApp link
   * (shared/whatsapp.ts): the server's links and, through the answers that carry it, the client's. Read
   * when a link is made, so this is the one place the marketplace's settings replace
   * DEFAULT_COUNTRY_CODE (issue 53).
   */
  countryCode: () => string;
  /** The uploads folder: its free disk space is watched; with STORAGE=s3 only a scratch place. */
  uploadsDir: string;
  /** Where upload files are written, read and deleted (uploads/storage.ts). */
  storage: UploadStorage;
  production: boolean;
  /** Units of one product in one order (MAX_UNITS_PER_PRODUCT). */
  maxUnitsPerProduct: number;
  /** The delivery fee of a shop without its own rule, in major units of its currency (DELIVERY_FEE_DEFAULT). */
  deliveryFeeDefault: string;
  /** The marketplace's time zone (TIME_ZONE): which day cash was received, months, export dates. */
  timeZone: string;
  /** A user's uploads that no record uses yet (MAX_PENDING_UPLOADS). */
  maxPendingUploads: number;
  /** Images decoded at once, and uploads that may wait for a turn (IMAGE_CONCURRENCY, IMAGE_QUEUE). */
  imageConcurrency: number;
  imageQueueLimit: number;
  /** Null when no mail server is configured: nothing is emailed, and nothing claims to be (issue 31). */
  mail: MailConfig | null;
  /** Signs and checks the links in emails (derived from the auth secret): old emails' links still work with mail switched off. */
  linkKey: string;
}
