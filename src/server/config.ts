/** What the application needs to know of its environment, passed in its context (tests build their own). */
export interface AppConfig {
  trialMinutes: number;
  supportWhatsapp: string | null;
  uploadsDir: string;
  production: boolean;
}
