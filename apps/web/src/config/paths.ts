/** Every screen's route (SPEC §2). */
export const paths = {
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authResetPassword: '/auth/reset-password',
  authConfirm: '/auth/confirm',
  confirmEmail: '/confirm-email',
  confirmPassword: '/confirm-password/:token',
  /** The invitation page opened without its token: shows 'No token provided.' (SPEC §5). */
  confirmPasswordNoToken: '/confirm-password',
  terms: '/terms-and-conditions',
  dashboard: '/dashboard',
  csvTemplateAnalyzer: '/csv-template-analyzer',
  supplierLevelAnalyzer: '/supplier-level-analyzer',
  brandLevelAnalyzer: '/brand-level-analyzer',
  priceAlerts: '/qogita-price-alerts',
  /** Alert rules, channels and the delivery log, under Price Alerts. */
  priceAlertRules: '/qogita-price-alerts/alerts',
  settings: '/settings',
  subscription: '/subscription',
  help: '/help',
  helpDoc: '/help/:doc',
  eanAsinMapping: '/ean-asin-mapping',
  users: '/users',
  /** Admin → System: processes, queues, runs, Keepa, refresh, failed deliveries, database , beyond SPEC §2. */
  system: '/admin/system',
  /** The organization's buy list, beyond SPEC §2. */
  buyList: '/buy-list',
} as const;
