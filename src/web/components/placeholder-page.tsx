import { Alert, Container, Title } from '@mantine/core';

/** A page whose feature has not landed yet: its title and one line saying what will be here. */
export function PlaceholderPage({ title, note }: { title: string; note: string }) {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        {title}
      </Title>
      <Alert color="blue" variant="light">
        {note}
      </Alert>
    </Container>
  );
}
