import type { SellerAccount } from '@dealradar/shared/contracts/seller-account';

/** The seller-account answer of an organization without a connected Amazon account (`canManage`: may it connect one). */
export function noSellerAccount(canManage = false): SellerAccount {
  return {
    configured: false,
    websiteAuthorization: false,
    canManage,
    connected: false,
    status: null,
    statusMessage: null,
    region: null,
    merchantId: null,
    stores: [],
    connectedAt: null,
    pendingChecks: 0,
  };
}
