/**
 * The organization's choice of Amazon's fees per listing, as the profit engine reads it (market-data's fee rules).
 * A file of its own so that the fee rules can read the choices while amazon-fees.service reads the fee rules.
 */
export { chosenAmazonFees } from './amazon-fees.repository.ts';
