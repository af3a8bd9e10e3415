import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule no-auth-actions', () => {
  it('reports auth.login, auth.logout and auth.update', () => {
    const findings = lintPage(
      'no-auth-actions',
      '{{auth.login}}\n<script>auth.logout()</script>\n{{#if auth.update}}x{{/if}}',
    );
    expect(where(findings)).to.deep.equal(['pages/index.hbs:1', 'pages/index.hbs:2', 'pages/index.hbs:3']);
    expect(findings[1].message).to.include('/_post/auth/logout');
  });

  it('accepts the POST endpoints', () => {
    const src =
      '<form method="post" action="/_post/auth/logout"><input type="hidden" name="_token" value="{{csrf_token}}"><button>Log out</button></form>';
    expect(lintPage('no-auth-actions', src)).to.deep.equal([]);
  });
});
