import { expect } from 'chai';
import { editDistance, suggest } from '../../../../runtime/theme/types/index.js';

describe('theme/types: suggest', () => {
  it('counts a swap of neighbours as one edit (Damerau–Levenshtein)', () => {
    expect(editDistance('descritpion', 'description')).to.equal(1);
    expect(editDistance('descripton', 'description')).to.equal(1);
    expect(editDistance('kitten', 'sitting')).to.equal(3);
    expect(editDistance('', 'abc')).to.equal(3);
  });

  it('suggests the closest name within a limit that grows with the name', () => {
    const fields = ['id', 'slug', 'name', 'description', 'price'];
    expect(suggest('descripton', fields)).to.equal('description');
    expect(suggest('nmae', fields)).to.equal('name');
    expect(suggest('Price', fields)).to.equal('price');
    expect(suggest('xyz', fields)).to.equal(null);
    expect(suggest('name', fields)).to.equal(null); // itself is no suggestion
  });
});
