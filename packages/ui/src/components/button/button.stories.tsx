import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button, buttonSizes, buttonVariants } from './button';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Add to deck', variant: 'primary', size: 'md', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: buttonVariants },
    size: { control: 'inline-radio', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
      {buttonVariants.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'center' }}>
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="icon" aria-label="Add">
        +
      </Button>
    </div>
  ),
};

export const Loading: Story = { args: { loading: true, children: 'Saving deck' } };

export const Disabled: Story = { args: { disabled: true } };

export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#collection">Open collection</a> },
};

export const Error: Story = { args: { variant: 'danger', children: 'Delete deck permanently' } };

export const LongContent: Story = {
  args: { children: 'Import the whole collection from a Moxfield CSV export (this may take a while)' },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Button {...args} block style={{ whiteSpace: 'normal', lineHeight: 1.3, padding: '0.5rem 1rem' }} />
    </div>
  ),
};

export const French: Story = {
  parameters: { locale: 'fr-FR' },
  args: { children: 'Ajouter au deck', loading: true },
};
