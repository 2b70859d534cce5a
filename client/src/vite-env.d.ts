/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Prefix of API paths; /api unless the build says otherwise. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The client package's version, set at build time (build/appVersion.ts). */
declare const __APP_VERSION__: string;
