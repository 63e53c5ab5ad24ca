import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { AdminRoute, ProtectedRoute } from './layouts/guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { LoginPage } from './routes/login.tsx';
import { RegisterPage } from './routes/register.tsx';
import { ForgotPasswordPage } from './routes/forgot-password.tsx';
import { ResetPasswordPage } from './routes/reset-password.tsx';
import { ConfirmEmailPage } from './routes/confirm-email.tsx';
import { ConfirmPasswordPage } from './routes/confirm-password.tsx';
import { TermsPage } from './routes/terms.tsx';
import { DashboardPage } from './routes/dashboard.tsx';
import { CsvTemplateAnalyzerPage } from './routes/csv-template-analyzer.tsx';
import { SupplierLevelAnalyzerPage } from './routes/supplier-level-analyzer.tsx';
import { BrandLevelAnalyzerPage } from './routes/brand-level-analyzer.tsx';
import { PriceAlertsPage } from './routes/price-alerts.tsx';
import { SettingsPage } from './routes/settings.tsx';
import { SubscriptionPage } from './routes/subscription.tsx';
import { HelpPage } from './routes/help.tsx';
import { EanAsinMappingPage } from './routes/ean-asin-mapping.tsx';
import { UsersPage } from './routes/users.tsx';

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
          <Route path={paths.terms} element={<TermsPage />} />
          <Route element={<ProtectedRoute />}>
            <Route path="/" element={<Navigate to={paths.dashboard} replace />} />
            <Route path={paths.dashboard} element={<DashboardPage />} />
            <Route path={paths.supplierLevelAnalyzer} element={<SupplierLevelAnalyzerPage />} />
            <Route path={paths.brandLevelAnalyzer} element={<BrandLevelAnalyzerPage />} />
            <Route path={paths.priceAlerts} element={<PriceAlertsPage />} />
            <Route path={paths.settings} element={<SettingsPage />} />
            <Route path={paths.subscription} element={<SubscriptionPage />} />
            <Route path={paths.help} element={<HelpPage />} />
            <Route element={<AdminRoute />}>
              <Route path={paths.csvTemplateAnalyzer} element={<CsvTemplateAnalyzerPage />} />
              <Route path={paths.eanAsinMapping} element={<EanAsinMappingPage />} />
              <Route path={paths.users} element={<UsersPage />} />
            </Route>
          </Route>
          <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
