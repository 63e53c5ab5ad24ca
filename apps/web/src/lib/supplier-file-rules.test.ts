import { describe, expect, it } from 'vitest';
import { rejectionMessages, supplierFileProblem } from './supplier-file-rules.ts';

describe('which files the drop zones take (issue 11)', () => {
  it('takes .csv and .xlsx up to 50 MB', () => {
    expect(supplierFileProblem({ name: 'list.csv', size: 10 })).toBeNull();
    expect(supplierFileProblem({ name: 'List.XLSX', size: 52428800 })).toBeNull();
    expect(supplierFileProblem({ name: 'list.xlsx', size: 52428801 })).toBe('The file is larger than 50 MB (52428800 bytes).');
  });
  it('tells an old .xls to be saved as .xlsx or .csv, and names both types for anything else', () => {
    expect(supplierFileProblem({ name: 'old.xls', size: 10 })).toBe('This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.');
    expect(supplierFileProblem({ name: 'list.ods', size: 10 })).toBe('File type must be .csv or .xlsx.');
  });
  it('says each reason of a drop once', () => {
    const rejected = (name: string, code = 'file-invalid-type') => ({ file: { name, size: 10 }, errors: [{ code, message: 'x' }] });
    expect(rejectionMessages([rejected('a.pdf'), rejected('b.txt'), rejected('c.xls')])).toEqual([
      'File type must be .csv or .xlsx.',
      'This is an old Excel file (.xls). Please save it as .xlsx or .csv and upload it again.',
    ]);
    expect(rejectionMessages([rejected('a.csv', 'too-many-files'), rejected('b.csv', 'too-many-files')])).toEqual(['Too many files']);
  });
});
