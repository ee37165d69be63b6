/// <reference types="vite/client" />

/** The package version, baked in at build time; it also versions the persisted query cache. */
declare const __APP_VERSION__: string;
