/// <reference types="vite/client" />

/** The release version, defined by the build (the same for every tenant). */
declare const __PORTAL_BUILD_VERSION__: string;
