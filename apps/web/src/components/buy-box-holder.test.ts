import { describe, expect, it } from 'vitest';
import { buyBoxHolderLabel } from './buy-box-holder.tsx';

describe('the buy-box holder', () => {
  it('names Amazon, the user\'s own seller account as "You", and other sellers by id', () => {
    expect(buyBoxHolderLabel('A3P5ROKL5A1OLE', 'A1OWNSELLER')).toBe('Amazon');
    expect(buyBoxHolderLabel('A1OWNSELLER', 'A1OWNSELLER')).toBe('You');
    expect(buyBoxHolderLabel('A2OTHER', 'A1OWNSELLER')).toBe('seller A2OTHER');
    expect(buyBoxHolderLabel('A2OTHER', null)).toBe('seller A2OTHER');
    expect(buyBoxHolderLabel(null, 'A1OWNSELLER')).toBe('—');
  });
});
