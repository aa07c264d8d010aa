/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_LOCALE_STRATEGY?: string;
  readonly VITE_API_ORIGIN?: string;
}
