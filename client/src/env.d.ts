/// <reference types="vite/client" />

/** The build-time settings the client reads (README, "Configuration"). */
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
