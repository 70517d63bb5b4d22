// Signed in: the user's name with a logout item. Guest: log in and sign up buttons.
import { Avatar, Button, Dropdown, Menu, Message, Space } from '@arco-design/web-react';
import { IconDown, IconPoweroff } from '@arco-design/web-react/icon';
import { useSessionStore } from '@switchyard/console-kit';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { logout } from '../api/session.api';

function useLogout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const clearUser = useSessionStore((state) => state.clearUser);
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearUser();
      Message.success(t('topBar.logoutSuccess'));
      navigate('/login');
    },
  });
}

export function UserMenu() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  const signOut = useLogout();

  if (!user) {
    return (
      <Space size={8}>
        <Link to="/login" data-testid="login-link">
          <Button type="secondary" className="sy-guest-button">
            {t('topBar.login')}
          </Button>
        </Link>
        <Link to="/register" data-testid="register-link">
          <Button type="primary" className="sy-guest-button">
            {t('topBar.register')}
          </Button>
        </Link>
      </Space>
    );
  }

  const name = user.display_name || user.username;
  const menu = (
    <Menu
      onClickMenuItem={(key) => {
        if (key === 'logout') signOut.mutate();
      }}
    >
      <Menu.Item key="logout" data-testid="logout">
        <IconPoweroff style={{ marginRight: 8 }} />
        {t('topBar.logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={menu} position="br" trigger="click">
      <Button type="text" data-testid="user-menu" className="sy-user-button">
        <Avatar
          size={24}
          className="sy-user-avatar"
          style={{ backgroundColor: 'rgb(var(--primary-6))' }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="sy-user-name">{name}</span>
        <IconDown style={{ marginLeft: 4 }} />
      </Button>
    </Dropdown>
  );
}
