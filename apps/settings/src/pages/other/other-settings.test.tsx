import { renderPage } from '@switchyard/console-kit/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FakeServer, fakeOptionServer } from '../../test/fake-option-server';
import { OtherSettings } from './other-settings';

let server: FakeServer;
afterEach(() => server.restore());

describe('OtherSettings', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    server = fakeOptionServer({ Notice: '**Hello**', SystemName: 'Yard' });
    await renderPage(<OtherSettings />);
    await screen.findByTestId('section-Footer');
  });

  it('saves each text on its own', async () => {
    await userEvent.clear(screen.getByTestId('option-SystemName'));
    await userEvent.type(screen.getByTestId('option-SystemName'), 'Harbour');
    await userEvent.type(screen.getByTestId('option-About'), 'About us');
    await userEvent.click(screen.getByTestId('save-SystemName'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(server.puts).toEqual([{ key: 'SystemName', value: 'Harbour' }]);
  });

  it('warns when a text was not changed', async () => {
    await userEvent.click(screen.getByTestId('save-Notice'));
    expect(await screen.findByText('你似乎并没有修改什么')).toBeInTheDocument();
  });

  it('previews Markdown rendered', async () => {
    await userEvent.click(screen.getByTestId('preview-toggle-Notice'));
    const preview = screen.getByTestId('preview-Notice');
    expect(preview.querySelector('strong')).toHaveTextContent('Hello');
  });

  it('previews footer HTML without anything that runs', async () => {
    const editor = screen.getByTestId('option-Footer');
    await userEvent.click(editor);
    await userEvent.paste('<b>Ours</b><img src="x" onerror="alert(1)"><script>alert(2)</script>');
    await userEvent.click(screen.getByTestId('preview-toggle-Footer'));
    const preview = screen.getByTestId('preview-Footer');
    expect(preview.querySelector('b')).toHaveTextContent('Ours');
    expect(preview.innerHTML).not.toMatch(/onerror|<script/);
  });

  it('says a home page address will be shown in a frame', async () => {
    await userEvent.click(screen.getByTestId('option-HomePageContent'));
    await userEvent.paste('https://home.example.com');
    await userEvent.click(screen.getByTestId('preview-toggle-HomePageContent'));
    expect(screen.getByTestId('preview-HomePageContent')).toHaveTextContent(
      'https://home.example.com',
    );
  });
});
