// ESLint finds this file; the configuration and its tooling live in the tools/lint workspace (docs/platform.md).
export { default } from '@dealradar/lint';
