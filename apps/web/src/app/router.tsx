import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { AdminRoute, ProtectedRoute } from './layouts/guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { lazyPage } from './lazy-page.ts';

// Every screen is a lazy page: one `lazyPage` line here and one <Route> below. Never import a module of routes/
// statically (lint forbids it; the bundle budget in e2e/bundle-budget.spec.ts would fail too). The layout wraps each
// screen in an error boundary and a loading fallback (layouts/route-outlet.tsx).
const LoginPage = lazyPage(() => import('./routes/login.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./routes/register.tsx'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage');
const ConfirmEmailPage = lazyPage(() => import('./routes/confirm-email.tsx'), 'ConfirmEmailPage');
const ConfirmPasswordPage = lazyPage(() => import('./routes/confirm-password.tsx'), 'ConfirmPasswordPage');
const TermsPage = lazyPage(() => import('./routes/terms.tsx'), 'TermsPage');
const DashboardPage = lazyPage(() => import('./routes/dashboard.tsx'), 'DashboardPage');
const CsvTemplateAnalyzerPage = lazyPage(() => import('./routes/csv-template-analyzer.tsx'), 'CsvTemplateAnalyzerPage');
const SupplierLevelAnalyzerPage = lazyPage(() => import('./routes/supplier-level-analyzer.tsx'), 'SupplierLevelAnalyzerPage');
const BrandLevelAnalyzerPage = lazyPage(() => import('./routes/brand-level-analyzer.tsx'), 'BrandLevelAnalyzerPage');
const PriceAlertsPage = lazyPage(() => import('./routes/price-alerts.tsx'), 'PriceAlertsPage');
const PriceAlertRulesPage = lazyPage(() => import('./routes/price-alert-rules.tsx'), 'PriceAlertRulesPage');
const SettingsPage = lazyPage(() => import('./routes/settings.tsx'), 'SettingsPage');
const SubscriptionPage = lazyPage(() => import('./routes/subscription.tsx'), 'SubscriptionPage');
const HelpPage = lazyPage(() => import('./routes/help.tsx'), 'HelpPage');
const HelpDocPage = lazyPage(() => import('./routes/help-doc.tsx'), 'HelpDocPage');
const EanAsinMappingPage = lazyPage(() => import('./routes/ean-asin-mapping.tsx'), 'EanAsinMappingPage');
const UsersPage = lazyPage(() => import('./routes/users.tsx'), 'UsersPage');
const SystemPage = lazyPage(() => import('./routes/system.tsx'), 'SystemPage');
const BuyListPage = lazyPage(() => import('./routes/buy-list.tsx'), 'BuyListPage');

/** Route table of SPEC §2. The layout shell shows only with a valid token. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.authResetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.authConfirm} element={<ConfirmEmailPage />} />
          <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
          <Route path={paths.confirmPassword} element={<ConfirmPasswordPage />} />
          <Route path={paths.confirmPasswordNoToken} element={<ConfirmPasswordPage />} />
          <Route path={paths.terms} element={<TermsPage />} />
          <Route element={<ProtectedRoute />}>
            <Route path="/" element={<Navigate to={paths.dashboard} replace />} />
            <Route path={paths.dashboard} element={<DashboardPage />} />
            <Route path={paths.supplierLevelAnalyzer} element={<SupplierLevelAnalyzerPage />} />
            <Route path={paths.buyList} element={<BuyListPage />} />
            <Route path={paths.brandLevelAnalyzer} element={<BrandLevelAnalyzerPage />} />
            <Route path={paths.priceAlerts} element={<PriceAlertsPage />} />
            <Route path={paths.priceAlertRules} element={<PriceAlertRulesPage />} />
            <Route path={paths.settings} element={<SettingsPage />} />
            <Route path={paths.subscription} element={<SubscriptionPage />} />
            <Route path={paths.help} element={<HelpPage />} />
            <Route path={paths.helpDoc} element={<HelpDocPage />} />
            <Route element={<AdminRoute />}>
              <Route path={paths.csvTemplateAnalyzer} element={<CsvTemplateAnalyzerPage />} />
              <Route path={paths.eanAsinMapping} element={<EanAsinMappingPage />} />
              <Route path={paths.users} element={<UsersPage />} />
              <Route path={paths.system} element={<SystemPage />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
