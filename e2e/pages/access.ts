/** The Access tab of a space, a collection or a site: who has access and why, and the grants given there. */
import type { Locator, Page } from 'playwright-core';
import { chooseByMouse } from './choice-menu.ts';
import { dragOnto } from './drag.ts';

/** What a user does on an Access tab (`scope`: the screen or panel holding it). */
export class AccessTabPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly role: Locator;
  readonly give: Locator;
  private readonly page: Page;

  constructor(page: Page, scope: Locator) {
    this.page = page;
    this.root = scope.getByTestId('access-tab');
    this.rows = this.root.getByTestId('access-row');
    this.search = this.root.getByTestId('access-search');
    this.role = this.root.getByTestId('access-role');
    this.give = this.root.getByTestId('access-give');
  }

  /** The row of a person or a team, by the name it shows. */
  row(name: string): Locator {
    return this.root.locator(`[data-testid="access-row"][data-name="${name}"]`);
  }

  /** The level a person's row shows (`edit`, …, `none`). */
  async level(name: string): Promise<string | null> {
    return this.row(name).getByTestId('access-level').getAttribute('data-level');
  }

  /** The path of reasons a person's row shows. */
  async path(name: string): Promise<string> {
    return (await this.row(name).getByTestId('access-path').textContent()) ?? '';
  }

  /** The role a grant given here has (its role menu's value). */
  async given(name: string): Promise<string | null> {
    return this.row(name).getByTestId('access-row-role').getAttribute('data-value');
  }

  /** Drags a person or team of the side list onto the list, with the mouse. */
  async dragOntoList(name: string): Promise<void> {
    const source = this.root.locator(`[data-testid="access-source-item"][data-name="${name}"]`);
    const drop = this.root.getByTestId('access-drop');
    await dragOnto(this.page, source, drop, this.root.locator('[data-testid="access-drop"].is-over'));
  }

  /** Changes a grant's role from its row's menu. */
  async changeRole(name: string, role: string): Promise<void> {
    await chooseByMouse(this.page, this.row(name).getByTestId('access-row-role'), role);
  }
}
