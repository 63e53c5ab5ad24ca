import { describe, expect, it } from 'vitest';
import { amazonProductUrl, amazonSellerUrl, isAmazonSellerId } from './markets.ts';

describe('marketplace links', () => {
  it("links a buy-box holder's id to its seller page on the market's Amazon site, where its name is shown (issue 23)", () => {
    expect(amazonSellerUrl('UK', 'A5C0QTAMPGGB6K')).toBe('https://www.amazon.co.uk/sp?seller=A5C0QTAMPGGB6K');
    expect(amazonSellerUrl('DE', 'A1B2')).toBe('https://www.amazon.de/sp?seller=A1B2');
    expect(amazonSellerUrl('XX', 'A1B2')).toBeUndefined();
    expect(isAmazonSellerId('A3P5ROKL5A1OLE')).toBe(true);
  });

  it('links products by ASIN', () => {
    expect(amazonProductUrl('FR', 'B0TEST1234')).toBe('https://www.amazon.fr/dp/B0TEST1234');
  });
});
