/** What the S3 publish tests share besides the servers (scripts/lib/s3-server.ts, bench-s3-proxy.ts). */

// The SDK is pinned on purpose (DESIGN.md); its warning about later releases is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const BUCKET = 'portal-test';
